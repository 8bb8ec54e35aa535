"""Idempotent creation, rate limits, clean-up: form tokens, rate-limit windows, a learner's last use.

Lists and practice hands keep the one-time token of the form that made them (unique, so a double
click makes one); the rate-limit counts get their table; a learner records when they last
changed their progress, so that ``flask purge`` can remove learners long gone.

Revision ID: data_0001
Revises: scoresheet_0002
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "data_0001"
down_revision = "scoresheet_0002"
branch_labels = None
depends_on = None

MADE_BY_FORM = ("scoresheet_lists", "practice_hand")
LAST_USE = (("practice_hand", "updated_at"), ("scoresheet_lists", "updated"), ("calculator_drill_streak", "used"))
"""The columns ``flask purge`` looks rows up by, indexed."""


def upgrade() -> None:
    """Add the form tokens, the learners' last use (from their progress), indexes for the purge, the rate-limit table."""
    for table in MADE_BY_FORM:
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("form_token", sa.String(length=22), nullable=True))
            batch.create_unique_constraint(batch.f(f"uq_{table}_form_token"), ["form_token"])
    with op.batch_alter_table("lesson_learners") as batch:
        batch.add_column(sa.Column("used", sa.DateTime(), nullable=True))
    op.execute(
        "UPDATE lesson_learners SET used = COALESCE("
        "(SELECT MAX(updated) FROM lesson_progress WHERE learner_id = lesson_learners.id), created)"
    )
    with op.batch_alter_table("lesson_learners") as batch:
        batch.alter_column("used", existing_type=sa.DateTime(), nullable=False)
        batch.create_index(batch.f("ix_lesson_learners_used"), ["used"])
    for table, column in LAST_USE:
        op.create_index(op.f(f"ix_{table}_{column}"), table, [column])
    op.create_table(
        "rate_limit_windows",
        sa.Column("key", sa.String(length=80), nullable=False),
        sa.Column("ends", sa.BigInteger(), nullable=False),
        sa.Column("hits", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("key", "ends", name=op.f("pk_rate_limit_windows")),
    )


def downgrade() -> None:
    """Drop what `upgrade` added."""
    op.drop_table("rate_limit_windows")
    for table, column in LAST_USE:
        op.drop_index(op.f(f"ix_{table}_{column}"), table_name=table)
    with op.batch_alter_table("lesson_learners") as batch:
        batch.drop_index(batch.f("ix_lesson_learners_used"))
        batch.drop_column("used")
    for table in MADE_BY_FORM:
        with op.batch_alter_table(table) as batch:
            batch.drop_constraint(batch.f(f"uq_{table}_form_token"), type_="unique")
            batch.drop_column("form_token")
