"""Classes: one row per class, one per student, one per student and step answered.

A class has a join code (six characters without look-alikes, unique), a teacher secret (its
link; only its hash is stored), an activity (a lesson's steps, or scoring drills from a seed),
its pace, the step the teacher shows, and two counters: ``revision`` rises with every change
(the teacher's dashboard polls it) and ``stage`` only when what the students see changes (the
teacher moves on, or ends the class), so forty students' polls stay cheap while answers come in.

A student is a nickname (unique in the class, compared case-folded) bound to a secret in their
cookie and to a short resume code shown once (both stored as hashes). An answer row keeps the
student's first answer (for the bar chart and right/wrong), the current one (a half-built
order), whether the step is solved and the misses. Nicknames are the only personal data; a class
untouched for 30 days goes with ``flask purge`` (its students and answers with it).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timezone

from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    bindparam,
    func,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from webapp import parse
from webapp.storage import MadeByForm, add_once, db

__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "NICKNAME_LENGTH",
    "ClassRoom",
    "ClassStudent",
    "ClassAnswer",
    "Room",
    "Student",
    "Answer",
    "normal_code",
    "new_secret",
    "create",
    "by_teacher",
    "by_code",
    "counters",
    "teacher_revision",
    "stage_on",
    "revision_on",
    "new_resume_code",
    "advance_student",
    "student_of",
    "students",
    "answers",
    "join",
    "resume",
    "save_answer",
    "save_game",
    "move",
    "set_names_shown",
    "end",
]

CODE_ALPHABET = "ACDEFGHJKMNPRTUVWXY34679"
"""Join-code characters, without look-alikes: no 0/O/Q, 1/I/L, 2/Z, 5/S, 8/B."""
CODE_LENGTH = 6
NICKNAME_LENGTH = 24
RESUME_LENGTH = 6


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def new_secret() -> str:
    """Return a fresh secret for a cookie or a teacher link (128 random bits)."""
    return secrets.token_urlsafe(16)


def _new_code(length: int = CODE_LENGTH) -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def normal_code(text: str | None, length: int = CODE_LENGTH) -> str | None:
    """Return a typed code in its stored form (capitals, without spaces or dashes), or None.

    >>> normal_code(" hx7-4ka "), normal_code("HX74K0"), normal_code("HX74K")
    ('HX74KA', None, None)
    """
    if text is None or len(text) > 4 * length:
        return None
    code = "".join(text.split()).replace("-", "").upper()
    if len(code) != length or any(ch not in CODE_ALPHABET for ch in code):
        return None
    return code


class ClassRoom(MadeByForm, db.Model):  # type: ignore[name-defined,misc]
    """A class: its code, the teacher's secret, the activity, the pace, the step shown."""

    __tablename__ = "class_room"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(CODE_LENGTH), unique=True)
    teacher_hash: Mapped[str] = mapped_column(String(64), unique=True)
    activity: Mapped[str] = mapped_column(String(16))
    """``lesson`` or ``drills``."""
    lesson: Mapped[str | None] = mapped_column(String(40), nullable=True)
    steps: Mapped[str] = mapped_column(Text, default="")
    """The lesson's steps in the class, numbers from 1 separated by spaces."""
    drill_level: Mapped[int | None] = mapped_column(Integer, nullable=True)
    drill_seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    drill_count: Mapped[int | None] = mapped_column(Integer, nullable=True)
    deal_seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    """The practice deal's number."""
    deal_seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    deal_level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    """The computer players' level of a practice deal."""
    position: Mapped[str | None] = mapped_column(Text, nullable=True)
    """A position question's position, in the engine's game notation (the player to act answers)."""
    goal: Mapped[str | None] = mapped_column(String(16), nullable=True)
    """What a position question asks for (`webapp.classes.activity.GOALS`)."""
    pace: Mapped[str] = mapped_column(String(16))
    """``teacher`` (the class sees the step the teacher shows) or ``self``."""
    current: Mapped[int] = mapped_column(Integer, default=0)
    names_shown: Mapped[bool] = mapped_column(Boolean, default=False)
    ended: Mapped[bool] = mapped_column(Boolean, default=False)
    revision: Mapped[int] = mapped_column(Integer, default=0)
    stage: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now, index=True)


class ClassStudent(db.Model):  # type: ignore[name-defined,misc]
    """A student of a class: a nickname, the hashes of their cookie secret and resume code."""

    __tablename__ = "class_student"
    __table_args__ = (UniqueConstraint("class_id", "nickname_key", name="uq_class_student_nickname"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("class_room.id", ondelete="CASCADE"), index=True)
    nickname: Mapped[str] = mapped_column(String(NICKNAME_LENGTH))
    nickname_key: Mapped[str] = mapped_column(String(4 * NICKNAME_LENGTH))
    secret_hash: Mapped[str] = mapped_column(String(64), unique=True)
    resume_hash: Mapped[str] = mapped_column(String(64))
    position: Mapped[int] = mapped_column(Integer, default=0)
    """The step a self-paced student is at."""
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class ClassAnswer(db.Model):  # type: ignore[name-defined,misc]
    """A student's answer to one step of the class."""

    __tablename__ = "class_answer"
    __table_args__ = (UniqueConstraint("student_id", "item", name="uq_class_answer_student_item"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("class_room.id", ondelete="CASCADE"), index=True)
    student_id: Mapped[int] = mapped_column(ForeignKey("class_student.id", ondelete="CASCADE"))
    item: Mapped[int] = mapped_column(Integer)
    first: Mapped[str] = mapped_column(String(200), default="")
    first_correct: Mapped[bool] = mapped_column(Boolean, default=False)
    answer: Mapped[str] = mapped_column(String(200), default="")
    solved: Mapped[bool] = mapped_column(Boolean, default=False)
    misses: Mapped[int] = mapped_column(Integer, default=0)
    hint: Mapped[bool] = mapped_column(Boolean, default=False)
    game: Mapped[str | None] = mapped_column(Text, nullable=True)
    """The student's own copy of a practice deal, in the engine's game notation."""
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


@dataclass(frozen=True, slots=True)
class Room:
    """A class as read."""

    id: int
    code: str
    activity: str
    lesson: str | None
    steps: tuple[int, ...]
    drill_level: int | None
    drill_seed: int | None
    drill_count: int | None
    deal_seed: int | None
    deal_seat: int | None
    deal_level: str | None
    position: str | None
    goal: str | None
    pace: str
    current: int
    names_shown: bool
    ended: bool
    revision: int
    stage: int

    @property
    def teacher_paced(self) -> bool:
        """Tell whether the class sees the step the teacher shows."""
        return self.pace == "teacher"


@dataclass(frozen=True, slots=True)
class Student:
    """A student as read."""

    id: int
    nickname: str
    position: int


@dataclass(frozen=True, slots=True)
class Answer:
    """A student's answer to a step, as the lesson templates read a step's state."""

    student_id: int
    item: int
    first: str
    first_correct: bool
    answer: str
    solved: bool
    misses: int
    hint: bool
    game: str | None = None


def _room(row: ClassRoom) -> Room:
    steps = tuple(int(part) for part in row.steps.split() if part.isdigit())
    return Room(row.id, row.code, row.activity, row.lesson, steps, row.drill_level, row.drill_seed,
                row.drill_count, row.deal_seed, row.deal_seat, row.deal_level, row.position, row.goal, row.pace, row.current, row.names_shown, row.ended, row.revision,
                row.stage)


def _answer(row: ClassAnswer) -> Answer:
    return Answer(row.student_id, row.item, row.first, row.first_correct, row.answer, row.solved,
                  row.misses, row.hint, row.game)


def create(*, teacher_secret: str, activity: str, pace: str, lesson: str | None = None,
           steps: Sequence[int] = (), drill_level: int | None = None, drill_seed: int | None = None,
           drill_count: int | None = None, deal_seed: int | None = None, deal_seat: int | None = None,
           deal_level: str | None = None, position: str | None = None, goal: str | None = None,
           form_token: str | None = None) -> Room:
    """Store a new class with a fresh join code; the same ``form_token`` twice makes one class."""
    for _ in range(20):
        record = ClassRoom(
            code=_new_code(), teacher_hash=_hash(teacher_secret), activity=activity, pace=pace,
            lesson=lesson, steps=" ".join(map(str, steps)), drill_level=drill_level,
            drill_seed=drill_seed, drill_count=drill_count, deal_seed=deal_seed, deal_seat=deal_seat,
            deal_level=deal_level, position=position, goal=goal, current=0, names_shown=False,
            ended=False, revision=0, stage=0, form_token=form_token,
        )
        try:
            made = add_once(record)
        except IntegrityError:  # the code was taken meanwhile: draw another
            db.session.rollback()
            continue
        room = _room(made)
        db.session.commit()
        return room
    raise RuntimeError("no free join code found")  # pragma: no cover - 25**6 codes


def by_teacher(secret: str | None) -> Room | None:
    """Return the class whose teacher link carries ``secret``, or None."""
    if not parse.is_token(secret) or len(secret) > 32:
        return None
    row = db.session.scalars(select(ClassRoom).where(ClassRoom.teacher_hash == _hash(secret))).first()
    return None if row is None else _room(row)


def by_code(code: str | None) -> Room | None:
    """Return the class with this join code, or None."""
    code = normal_code(code)
    if code is None:
        return None
    row = db.session.scalars(select(ClassRoom).where(ClassRoom.code == code)).first()
    return None if row is None else _room(row)


def counters(code: str) -> tuple[int, int] | None:
    """Return the class's revision and stage alone (the cheap "anything new?"), or None."""
    row = db.session.execute(
        select(ClassRoom.revision, ClassRoom.stage).where(ClassRoom.code == code)).first()
    db.session.rollback()  # end the read: nothing stays open between polls
    return None if row is None else (int(row[0]), int(row[1]))


def teacher_revision(secret: str | None) -> int | None:
    """Return the revision of the teacher's class alone (the dashboard's cheap poll), or None."""
    if not parse.is_token(secret) or len(secret) > 32:
        return None
    value = db.session.execute(
        select(ClassRoom.revision).where(ClassRoom.teacher_hash == _hash(secret))).scalar_one_or_none()
    db.session.rollback()
    return None if value is None else int(value)


def stage_on(engine: Engine, code: str) -> int | None:
    """Return the stage of the class with this join code, read on a connection of ``engine``
    (no session, no app context: the quiet poll asks before the app), or None."""
    with engine.connect() as connection:
        value = connection.execute(_STAGE, {"code": code}).scalar_one_or_none()
    return None if value is None else int(value)


def revision_on(engine: Engine, secret: str) -> int | None:
    """Return the revision of the class whose teacher link carries ``secret``, read as `stage_on` reads, or None."""
    with engine.connect() as connection:
        value = connection.execute(_REVISION, {"teacher": _hash(secret)}).scalar_one_or_none()
    return None if value is None else int(value)


_STAGE = select(ClassRoom.stage).where(ClassRoom.code == bindparam("code"))
_REVISION = select(ClassRoom.revision).where(ClassRoom.teacher_hash == bindparam("teacher"))


def student_of(room: Room, secret: str | None) -> Student | None:
    """Return the student of ``room`` whose cookie holds ``secret``, or None."""
    if not parse.is_token(secret) or len(secret) > 32:
        return None
    row = db.session.scalars(select(ClassStudent).where(
        ClassStudent.class_id == room.id, ClassStudent.secret_hash == _hash(secret))).first()
    return None if row is None else Student(row.id, row.nickname, row.position)


def students(room: Room) -> tuple[Student, ...]:
    """Return the class's students in the order they joined."""
    rows = db.session.scalars(
        select(ClassStudent).where(ClassStudent.class_id == room.id).order_by(ClassStudent.id))
    return tuple(Student(row.id, row.nickname, row.position) for row in rows)


def answers(room: Room, student: Student | None = None, item: int | None = None) -> tuple[Answer, ...]:
    """Return the class's answers, or one student's, or one step's."""
    query = select(ClassAnswer).where(ClassAnswer.class_id == room.id)
    if student is not None:
        query = query.where(ClassAnswer.student_id == student.id)
    if item is not None:
        query = query.where(ClassAnswer.item == item)
    return tuple(_answer(row) for row in db.session.scalars(query.order_by(ClassAnswer.id)))


def _touch(room_id: int, *, stage: bool = False) -> None:
    values: dict[str, object] = {"revision": ClassRoom.revision + 1, "updated_at": _now()}
    if stage:
        values["stage"] = ClassRoom.stage + 1
    db.session.execute(update(ClassRoom).where(ClassRoom.id == room_id).values(**values))


def join(room: Room, nickname: str, *, secret: str, resume_code: str, limit: int) -> Student | str:
    """Add a student; return them, or ``"taken"`` (the nickname is in use) or ``"full"``.

    The class's row is written first: students joining at the same moment wait for each other
    there, so each counts the places with the others' joins stored.
    """
    _touch(room.id)
    count = db.session.scalar(select(func.count()).select_from(ClassStudent)
                              .where(ClassStudent.class_id == room.id)) or 0
    if count >= limit:
        db.session.rollback()
        return "full"
    row = ClassStudent(class_id=room.id, nickname=nickname, nickname_key=nickname.casefold(),
                       secret_hash=_hash(secret), resume_hash=_hash(f"{room.id}:{resume_code}"),
                       position=0)
    db.session.add(row)
    try:
        db.session.flush()
    except IntegrityError:
        db.session.rollback()
        return "taken"
    db.session.commit()
    return Student(row.id, row.nickname, row.position)


def resume(room: Room, nickname: str, resume_code: str, *, secret: str) -> Student | None:
    """Bind the student with this nickname and resume code to a new cookie secret, or None."""
    code = normal_code(resume_code, RESUME_LENGTH)
    if code is None:
        return None
    row = db.session.scalars(select(ClassStudent).where(
        ClassStudent.class_id == room.id, ClassStudent.nickname_key == nickname.casefold())).first()
    if row is None or not secrets.compare_digest(row.resume_hash, _hash(f"{room.id}:{code}")):
        db.session.rollback()
        return None
    row.secret_hash = _hash(secret)
    db.session.commit()
    return Student(row.id, row.nickname, row.position)


def new_resume_code() -> str:
    """Return a fresh resume code (as short as a join code, from the same characters)."""
    return _new_code(RESUME_LENGTH)


def save_answer(room: Room, student: Student, item: int, *, answer: str, correct: bool, done: bool,
                hint: bool = False) -> Answer:
    """Record an answer (or a hint asked) to step ``item``; the first answer is kept for the chart."""
    row = db.session.scalars(select(ClassAnswer).where(
        ClassAnswer.student_id == student.id, ClassAnswer.item == item)).first()
    if row is None:
        row = ClassAnswer(class_id=room.id, student_id=student.id, item=item, first="",
                          first_correct=False, answer="", solved=False, misses=0, hint=False)
        db.session.add(row)
    if hint:
        row.hint = True
    else:
        if not row.first and (done or not correct):
            row.first, row.first_correct = answer[:200], correct
        row.answer = answer[:200]
        if correct and done:
            row.solved = True
        elif not correct:
            row.misses += 1
    row.updated_at = _now()
    try:
        db.session.flush()
    except IntegrityError:  # the same student's second tab answered first: count this one again
        db.session.rollback()
        return save_answer(room, student, item, answer=answer, correct=correct, done=done, hint=hint)
    _touch(room.id)
    saved = _answer(row)
    db.session.commit()
    return saved


def save_game(room: Room, student: Student, item: int, *, game: str, before: str | None,
              result: str | None = None, won: bool = False) -> bool:
    """Store the student's practice hand if it is still ``before`` (None: not stored yet); return whether it was.

    ``result`` (the hand is over: ``won``, ``lost`` or ``passed``) becomes the first answer, the
    one the chart and the summary count, and ``won`` its right or wrong.
    """
    values: dict[str, object] = {"game": game, "updated_at": _now()}
    if result is not None:
        values.update(first=result, first_correct=won, answer=result, solved=True)
    if before is None:
        db.session.add(ClassAnswer(class_id=room.id, student_id=student.id, item=item, first="",
                                   first_correct=False, answer="", solved=False, misses=0, hint=False, **values))
        try:
            db.session.flush()
        except IntegrityError:  # stored already (another tab): this form is stale
            db.session.rollback()
            return False
    else:  # one UPDATE checks and writes: two tabs naming the same hand cannot both move it
        changed = db.session.execute(update(ClassAnswer).where(
            ClassAnswer.student_id == student.id, ClassAnswer.item == item, ClassAnswer.first == "",
            ClassAnswer.game == before).values(**values))
        if getattr(changed, "rowcount", 0) != 1:
            db.session.rollback()
            return False
    _touch(room.id)
    db.session.commit()
    return True


def advance_student(room: Room, student: Student, position: int) -> None:
    """Move a self-paced student to step ``position``."""
    db.session.execute(update(ClassStudent).where(ClassStudent.id == student.id,
                                                  ClassStudent.class_id == room.id)
                       .values(position=position))
    _touch(room.id)
    db.session.commit()


def move(room: Room, current: int) -> None:
    """Show step ``current`` to the whole class."""
    db.session.execute(update(ClassRoom).where(ClassRoom.id == room.id).values(current=current))
    _touch(room.id, stage=True)
    db.session.commit()


def set_names_shown(room: Room, shown: bool) -> None:
    """Show or hide the students' nicknames on the teacher's screen."""
    db.session.execute(update(ClassRoom).where(ClassRoom.id == room.id).values(names_shown=shown))
    _touch(room.id)
    db.session.commit()


def end(room: Room) -> None:
    """End the class: no more answers, the students see that it is over."""
    db.session.execute(update(ClassRoom).where(ClassRoom.id == room.id).values(ended=True))
    _touch(room.id, stage=True)
    db.session.commit()
