"""Learning: the deal of the day, each learner's counted try at a day's deal and its score.

Revision ID: learning_0003
Revises: learning_0002
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "learning_0003"
down_revision = "learning_0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the deal-of-the-day tries."""
    op.create_table(
        "daily_plays",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("learner_id", sa.String(length=43), nullable=False),
        sa.Column("hand_id", sa.String(length=32), nullable=False),
        sa.Column("score", sa.Integer(), nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["learner_id"], ["lesson_learners.id"],
            name=op.f("fk_daily_plays_learner_id_lesson_learners"), ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_daily_plays")),
        sa.UniqueConstraint("day", "learner_id", name=op.f("uq_daily_plays_day")),
        sa.UniqueConstraint("hand_id", name=op.f("uq_daily_plays_hand_id")),
    )
    with op.batch_alter_table("daily_plays", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_daily_plays_day"), ["day"], unique=False)
        batch_op.create_index(batch_op.f("ix_daily_plays_learner_id"), ["learner_id"], unique=False)


def downgrade() -> None:
    """Drop the deal-of-the-day tries."""
    with op.batch_alter_table("daily_plays", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_daily_plays_learner_id"))
        batch_op.drop_index(batch_op.f("ix_daily_plays_day"))
    op.drop_table("daily_plays")
