"""Classes under load: 40 students answering a teacher-paced lesson, polling every 2 s; print p95s.

    .venv/bin/python bench/classroom.py --database-url postgresql://kiebitz:kiebitz@127.0.0.1:5432/classbench
    .venv/bin/python bench/classroom.py --database-url … --classes 1 2 4 --seconds 30
    .venv/bin/python bench/classroom.py --database-url … --capacity --seconds 30

Gunicorn is started as in `bench/load.py` (this checkout, ``--workers 2``, a free loopback port,
after ``flask db upgrade``; creating classes and joining are not rate-limited here). Each class
has a teacher and ``--students`` students, each a thread with cookies of its own. The teacher
starts a class with a lesson's asking steps, draws the dashboard `WARM_UP` times untimed (so
that each worker has drawn it once), polls the dashboard every 2 s (``…/news?revision=N``:
a 204, or the dashboard rendered) and moves the class to the next step every ``--step-seconds``.
Each student joins with a nickname, polls ``…/news?stage=N`` every 2 s, and when a new step
comes, loads it and answers it after a pause (the right answer, one card at a time for an
order). The run is repeated for each number of classes in ``--classes``; for each it prints
the answer p95, the dashboard render p95 and the poll p95 (round trips on the loopback, the
server's time plus a fraction of a millisecond), how many polls were served and the errors, and
at the end the most classes whose every p95 stayed within 100 ms.

``--capacity`` runs 1, 2, 4, 8, 16 classes at once (stopping after the first whose answer p95
is above 100 ms, or that had errors) and prints how many classes this machine holds at an answer
p95 of at most 100 ms. Each run also prints the server's processor time (the gunicorn processes'
user and system time read from /proc, per request and as a share of the machine's processors;
and the answers' ``Server-Timing`` when the app sends it) and the load average during the run,
so that a p95 can be told apart from a machine busy with something else. Last, the quiet polls' server
time (a student's and the dashboard's poll of the last class while nothing changes: the WSGI app
called in this process, median and p95 over ``--samples`` calls), and through the whole Flask app
as it would be without the quiet layer in front (`webapp.classes.news`).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from load import Failed, Tally, User, percentile, start_server  # noqa: E402
from tables import server_time  # noqa: E402

from tests.classes.answers import right_forms  # noqa: E402
from webapp.lessons.course import lesson_named  # noqa: E402

LESSON = "value"
POLL_SECONDS = 2.0
MAX_SECONDS = 300
CODE = re.compile(r'class="class-code" lang="en">(\w{6})<')
REVISION = re.compile(r"news\?revision=(\d+)")
STAGE = re.compile(r"news\?stage=(\d+)")
INDEX = re.compile(r'action="/en/classes/\w{6}/(\d+)"')
SERVER_TIMING = re.compile(r"app;dur=([0-9.]+), cpu;dur=([0-9.]+)")
CAPACITY = (1, 2, 4, 8, 16)
WARM_UP = 8
"""Dashboards drawn before the timing, so that each worker has drawn one (a new worker's first
dashboard compiles its templates and draws the QR code, about 30 ms, once in its life)."""
TARGET_MS = 100.0


class Lesson:
    """The class's lesson: its asking steps, in order."""

    def __init__(self, slug: str) -> None:
        lesson = lesson_named(slug)
        assert lesson is not None, slug
        self.numbers = [n for n, step in enumerate(lesson.steps, start=1) if step.interactive]
        self.steps = [lesson.steps[n - 1] for n in self.numbers]


@dataclass
class ClassTally(Tally):
    """What all users saw, and the server's own times per kind of request (app wall, processor; s)."""

    server: dict[str, list[tuple[float, float]]] = field(default_factory=lambda: defaultdict(list))


class ClassUser(User):
    """A user whose every answer's ``Server-Timing`` (the app's wall and processor time) is kept by kind."""

    tally: ClassTally

    def request(self, kind: str, method: str, path: str, form: dict[str, str] | None = None,
                expected: tuple[int, ...] = (200,)) -> tuple[int, dict[str, str], str]:
        status, headers, page = super().request(kind, method, path, form, expected)
        self.keep_timing(kind, headers)
        return status, headers, page

    def keep_timing(self, kind: str, headers: dict[str, str]) -> None:
        timing = SERVER_TIMING.search(headers.get("server-timing", ""))
        if timing:
            with self.tally.lock:
                self.tally.server[kind].append((float(timing.group(1)) / 1000, float(timing.group(2)) / 1000))


class Teacher(ClassUser):
    """The teacher: starts the class, polls the dashboard, moves the class on."""

    def __init__(self, port: int, tally: ClassTally, deadline: float, lesson: Lesson, step_seconds: float,
                 seed: int) -> None:
        super().__init__(port, tally, deadline, 1.0, seed)
        self.lesson, self.step_seconds = lesson, step_seconds
        self.code = ""
        self.url = ""
        self.ready = threading.Event()
        self.renders: list[float] = []
        """Round trips of the polls that rendered the dashboard (the others answered 204)."""

    def start(self) -> None:
        self.request("new class", "GET", "/en/classes/new")
        steps = ", ".join(map(str, self.lesson.numbers))
        _, answer, _ = self.request("create class", "POST", "/en/classes/new",
                                    {"activity": "lesson", "lesson": LESSON, "steps": steps, "pace": "teacher"},
                                    expected=(303,))
        self.url = answer["location"]
        _, _, page = self.request("dashboard", "GET", self.url)
        found = CODE.search(page)
        assert found is not None, "no join code on the dashboard"
        self.code = found.group(1)
        self.revision = int(REVISION.search(page).group(1))  # type: ignore[union-attr]
        for _ in range(WARM_UP):
            self.request("warm-up", "GET", f"{self.url}/news?revision={self.revision + 1}")
        self.ready.set()

    def run(self) -> None:
        try:
            self.start()
            current, moved = 0, time.monotonic()
            while time.monotonic() < self.deadline:
                time.sleep(POLL_SECONDS)
                started = time.perf_counter()
                status, headers, page = self.request("dashboard poll", "GET", f"{self.url}/news?revision={self.revision}",
                                               expected=(200, 204))
                if status == 200:
                    self.renders.append(time.perf_counter() - started)
                    self.keep_timing("dashboard render", headers)
                    found = REVISION.search(page)
                    if found:
                        self.revision = int(found.group(1))
                if time.monotonic() - moved >= self.step_seconds and current + 1 < len(self.lesson.steps):
                    current += 1
                    moved = time.monotonic()
                    self.request("move", "POST", f"{self.url}/move", {"to": str(current)}, expected=(303,))
        except Failed:
            self.ready.set()


class Student(ClassUser):
    """A student: joins, polls for the next step, answers each step once it comes."""

    def __init__(self, port: int, tally: ClassTally, deadline: float, teacher: Teacher, number: int, seed: int) -> None:
        super().__init__(port, tally, deadline, 1.0, seed)
        self.teacher, self.number = teacher, number

    def run(self) -> None:
        self.teacher.ready.wait(timeout=60)
        code = self.teacher.code
        if not code:
            return
        try:
            self.request("join form", "GET", f"/en/classes/?code={code}")
            self.request("join", "POST", "/en/classes/join", {"code": code, "nickname": f"Student {self.number}"},
                         expected=(303,))
            stage, answered = -1, -1
            while time.monotonic() < self.deadline:
                status, _, page = self.request("student poll", "GET", f"/en/classes/{code}/news?stage={stage}",
                                               expected=(200, 204))
                if status == 200:
                    found = STAGE.search(page)
                    stage = int(found.group(1)) if found else stage
                    index = INDEX.search(page)
                    if index and int(index.group(1)) != answered:
                        answered = int(index.group(1))
                        time.sleep(self.random.uniform(0.5, 4.0))
                        for form in right_forms(self.teacher.lesson.steps[answered]):
                            # 409: the teacher moved on before the answer came (counted apart, not an error).
                            status, headers, _ = self.request("answer", "POST", f"/en/classes/{code}/{answered}",
                                                              {key: str(value) for key, value in form.items()},
                                                              expected=(303, 409))
                            if status == 409:
                                with self.tally.lock:
                                    self.tally.statuses["late answer"] += 1
                                break
                time.sleep(POLL_SECONDS * self.random.uniform(0.9, 1.1))
        except Failed:
            return


def run(port: int, classes: int, students: int, seconds: float, step_seconds: float,
        lesson: Lesson) -> tuple[ClassTally, list[float], list[Teacher]]:
    """Run ``classes`` classes at once for ``seconds``; return what the users saw and the dashboard renders."""
    tally = ClassTally()
    teachers = []
    deadline = time.monotonic() + seconds
    threads = []
    for number in range(classes):
        teacher = Teacher(port, tally, deadline, lesson, step_seconds, seed=number)
        teachers.append(teacher)
        threads.append(threading.Thread(target=teacher.run, daemon=True))
        threads += [threading.Thread(target=Student(port, tally, deadline, teacher, n, seed=1000 * number + n).run,
                                     daemon=True) for n in range(students)]
    for thread in threads:
        thread.start()
        time.sleep(0.005)
    for thread in threads:
        thread.join(timeout=max(1.0, deadline + 60 - time.monotonic()))
    return tally, [t for teacher in teachers for t in teacher.renders], teachers


def server_cpu_seconds(server: subprocess.Popen[bytes]) -> float:
    """Return the processor time (user and system) used so far by gunicorn and its workers."""
    pids = {server.pid}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == server.pid:  # the parent's id: a worker
                pids.add(int(entry.name))
    ticks = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


class LoadAverage:
    """Sample the machine's one-minute load average every second while a run lasts."""

    def __init__(self) -> None:
        self.samples: list[float] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        while not self.stop.wait(1.0):
            self.samples.append(os.getloadavg()[0])

    def __enter__(self) -> LoadAverage:
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stop.set()
        self.thread.join()

    def text(self) -> str:
        if not self.samples:
            return "load average: not sampled"
        return (f"load average (1 min) during the run: mean {statistics.mean(self.samples):.2f}, "
                f"max {max(self.samples):.2f} on {os.cpu_count()} processors")


def p95(times: list[float]) -> float:
    return percentile(times, 0.95) * 1000 if times else 0.0


def report(classes: int, tally: ClassTally, renders: list[float], students: int) -> float:
    """Print one run's figures; return its worst p95 (ms) of answers, dashboard renders and polls."""
    times = dict(tally.times)
    times["dashboard render"] = renders
    dashboard_polls = times.get("dashboard poll", [])
    print(f"\n{classes} class(es) of {students} students:")
    print(f"{'':<16} {'':>7} {'at the client (wall)':^26}  {'server wall (app)':^17}  {'server processor':^17}")
    print(f"{'request':<16} {'count':>7} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}  {'p50 ms':>8} {'p95 ms':>8}  "
          f"{'p50 ms':>8} {'p95 ms':>8}")
    for kind in ("join", "answer", "student poll", "dashboard poll", "dashboard render", "move"):
        values = times.get(kind, [])
        if values:
            served = tally.server.get(kind, [])
            walls, cpus = [w for w, _ in served], [c for _, c in served]
            server = "".join(f"  {statistics.median(x) * 1000:>8.1f} {p95(x):>8.1f}" if x else f"  {'-':>8} {'-':>8}"
                             for x in (walls, cpus))
            print(f"{kind:<16} {len(values):>7} {statistics.median(values) * 1000:>8.1f} {p95(values):>8.1f} "
                  f"{max(values) * 1000:>8.1f}{server}")
    polls = len(times.get("student poll", [])) + len(dashboard_polls)
    errors = {k: v for k, v in tally.errors.items()}
    print(f"dashboards rendered: {len(renders)}; polls served: {polls}; answers after the class had moved on: "
          f"{tally.statuses.get('late answer', 0)}; errors: {sum(errors.values())}"
          + (f" {errors}" if errors else ""))
    return max(p95(times.get("answer", [])), p95(renders), p95(dashboard_polls), p95(times.get("student poll", [])))


def answer_p95(tally: Tally) -> float:
    return p95(tally.times.get("answer", []))


def run_and_report(server: subprocess.Popen[bytes], port: int, classes: int, args: argparse.Namespace,
                   lesson: Lesson) -> tuple[ClassTally, float, list[Teacher]]:
    """Run ``classes`` classes once and print their figures, the server's processor time and the load."""
    cpu_before, wall_before = server_cpu_seconds(server), time.monotonic()
    with LoadAverage() as load:
        tally, renders, teachers = run(port, classes, args.students, args.seconds, args.step_seconds, lesson)
    cpu, wall = server_cpu_seconds(server) - cpu_before, time.monotonic() - wall_before
    worst = report(classes, tally, renders, args.students)
    served = sum(len(times) for kind, times in tally.times.items() )
    print(f"server processor time: {cpu:.1f} s in {wall:.0f} s ({100 * cpu / wall / (os.cpu_count() or 1):.0f}% of "
          f"the machine), {1000 * cpu / max(served, 1):.2f} ms per request on average ({served} requests)")
    print(load.text())
    return tally, worst, teachers


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--database-url", required=True, help="the database gunicorn uses (PostgreSQL)")
    parser.add_argument("--classes", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--step-seconds", type=float, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--samples", type=int, default=2000, help="quiet polls timed in this process")
    parser.add_argument("--capacity", action="store_true",
                        help=f"run {', '.join(map(str, CAPACITY))} classes until the answer p95 passes 100 ms")
    args = parser.parse_args()
    if args.capacity:
        args.classes = list(CAPACITY)
    if not 0 < args.seconds <= MAX_SECONDS or not all(0 < n <= 20 for n in args.classes) or not 0 < args.students <= 60:
        parser.error(f"at most {MAX_SECONDS} seconds, 20 classes and 60 students")
    os.environ["KIEBITZ_RATE_LIMITS"] = "classes=off,students=off"
    lesson = Lesson(LESSON)
    held = held_answers = 0
    failed = False
    tried: list[int] = []
    with tempfile.TemporaryDirectory(prefix="kiebitz-classroom-") as folder:
        server, port = start_server(args.database_url, args.workers, Path(folder))
        try:
            teachers: list[Teacher] = []
            for classes in args.classes:
                tally, worst, teachers = run_and_report(server, port, classes, args, lesson)
                tried.append(classes)
                failed |= bool(tally.errors)
                if worst <= TARGET_MS and not tally.errors:
                    held = max(held, classes)
                if answer_p95(tally) <= TARGET_MS and not tally.errors:
                    held_answers = max(held_answers, classes)
                elif args.capacity:
                    break
        finally:
            server.terminate()
            server.wait(timeout=30)
    print(f"\nclasses of {args.students} held at answer p95 <= {TARGET_MS:.0f} ms: {held_answers}; "
          f"with every p95 (answers, dashboards, polls) <= {TARGET_MS:.0f} ms: {held} "
          f"(tried: {', '.join(map(str, tried))})")
    if teachers and teachers[-1].code:
        quiet_polls(args.database_url, teachers[-1], args.samples)
    return 1 if failed else 0


class Bench:
    """The bench's own app on the same database, whose WSGI stack the quiet polls are timed in."""

    def __init__(self, database_url: str) -> None:
        os.environ["DATABASE_URL"] = database_url
        os.environ.setdefault("KIEBITZ_SECRET_KEY", "classroom-bench")
        from webapp import create_app

        self.app = create_app()


def quiet_polls(database_url: str, teacher: Teacher, samples: int) -> None:
    """Print the server time of a student's and the dashboard's poll while nothing changes."""
    from webapp.storage import classes as store

    bench = Bench(database_url)
    with bench.app.app_context():
        counters = store.counters(teacher.code)
    assert counters is not None, teacher.code
    revision, stage = counters
    dashboard = teacher.url.split("://", 1)[-1].split("/", 1)[-1]
    for name, path in (("student poll", f"/en/classes/{teacher.code}/news?stage={stage}"),
                       ("dashboard poll", f"/{dashboard}/news?revision={revision}")):
        median, p95_ms = server_time(bench, path, samples)
        whole = server_time(bench, path, max(samples // 4, 1), whole_app=True)
        print(f"quiet {name}: server time median {median:.3f} ms, p95 {p95_ms:.3f} ms ({samples} calls in this "
              f"process); through the whole Flask app median {whole[0]:.3f} ms, p95 {whole[1]:.3f} ms")


if __name__ == "__main__":
    sys.exit(main())
