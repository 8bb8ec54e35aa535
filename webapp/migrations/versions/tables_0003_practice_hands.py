"""Practice hands are tables: their rows move from ``practice_hand`` into ``game_table``.

Each old hand becomes a table of family ``practice`` under the same id (so its links keep
working), marked ``single``, with the learner in seat 0 (the hand number places them at their
old position), computer players in seats 1 and 2, and its review kept.

Revision ID: tables_0003
Revises: learning_0004
Create Date: 2026-12-01
"""

import secrets

import sqlalchemy as sa
from alembic import op

revision = "tables_0003"
down_revision = "learning_0004"
branch_labels = None
depends_on = None

HAND_COLUMNS = "id, seed, level, game, revision, review, created_at, updated_at, form_token"


def upgrade() -> None:
    """Add a table's practice-hand columns, copy the practice hands in, drop their old table."""
    with op.batch_alter_table("game_table") as batch:
        batch.add_column(sa.Column("single", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("review", sa.Text(), nullable=True))
        batch.create_index(batch.f("ix_game_table_single"), ["single"])
    connection = op.get_bind()
    # The learner played position `seat`; seat 0 plays it in hand number (2 - seat) % 3.
    connection.execute(sa.text(
        "INSERT INTO game_table (id, family, preset, level, seed, number, game, list_token, revision,"
        " hints, single, review, created_at, updated_at, form_token)"
        " SELECT id, 'practice', 'isko', level, seed, (2 - seat) % 3, game, NULL, revision,"
        " :yes, :yes, review, created_at, updated_at, form_token FROM practice_hand"
    ), {"yes": True})
    ids = [row[0] for row in connection.execute(sa.text("SELECT id FROM practice_hand"))]
    seats = sa.table("game_seat", sa.column("table_id"), sa.column("number"), sa.column("name"),
                     sa.column("computer"), sa.column("secret_hash"), sa.column("join_token"),
                     sa.column("message"), sa.column("standin"))
    rows = [{"table_id": hand, "number": number, "name": "", "computer": number != 0, "secret_hash": None,
             "join_token": secrets.token_urlsafe(18), "message": "", "standin": False}
            for hand in ids for number in range(3)]
    if rows:
        op.bulk_insert(seats, rows)
    op.drop_table("practice_hand")


def downgrade() -> None:
    """Give the three-seat practice hands their own table again."""
    op.create_table(
        "practice_hand",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("level", sa.String(length=16), nullable=False),
        sa.Column("game", sa.Text(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("review", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("form_token", sa.String(length=22), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_practice_hand")),
        sa.UniqueConstraint("form_token", name=op.f("uq_practice_hand_form_token")),
    )
    op.create_index(op.f("ix_practice_hand_updated_at"), "practice_hand", ["updated_at"])
    connection = op.get_bind()
    connection.execute(sa.text(
        f"INSERT INTO practice_hand ({HAND_COLUMNS}, seat)"
        f" SELECT {HAND_COLUMNS}, (2 - number % 3) % 3 FROM game_table"
        " WHERE single = :yes AND family = 'practice'"
    ), {"yes": True})
    connection.execute(sa.text(
        "DELETE FROM game_seat WHERE table_id IN (SELECT id FROM game_table WHERE single = :yes)"), {"yes": True})
    connection.execute(sa.text("DELETE FROM game_table WHERE single = :yes"), {"yes": True})
    with op.batch_alter_table("game_table") as batch:
        batch.drop_index(batch.f("ix_game_table_single"))
        batch.drop_column("review")
        batch.drop_column("single")
