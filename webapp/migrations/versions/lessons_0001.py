"""Lessons: anonymous learners, their progress per lesson and per step.

Revision ID: lessons_0001
Revises: 0001_base
Create Date: 2026-11-30
"""

import sqlalchemy as sa
from alembic import op

revision = "lessons_0001"
down_revision = "0001_base"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the lesson tables."""
    op.create_table(
        "lesson_learners",
        sa.Column("id", sa.String(length=43), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lesson_learners")),
    )
    op.create_table(
        "lesson_progress",
        sa.Column("learner_id", sa.String(length=43), nullable=False),
        sa.Column("lesson", sa.String(length=40), nullable=False),
        sa.Column("step", sa.Integer(), nullable=False),
        sa.Column("mistakes", sa.Integer(), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("stars", sa.Integer(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["learner_id"], ["lesson_learners.id"],
            name=op.f("fk_lesson_progress_learner_id_lesson_learners"), ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("learner_id", "lesson", name=op.f("pk_lesson_progress")),
    )
    op.create_table(
        "lesson_steps",
        sa.Column("learner_id", sa.String(length=43), nullable=False),
        sa.Column("lesson", sa.String(length=40), nullable=False),
        sa.Column("step", sa.Integer(), nullable=False),
        sa.Column("misses", sa.Integer(), nullable=False),
        sa.Column("solved", sa.Boolean(), nullable=False),
        sa.Column("answer", sa.String(length=200), nullable=False),
        sa.Column("hint", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["learner_id"], ["lesson_learners.id"],
            name=op.f("fk_lesson_steps_learner_id_lesson_learners"), ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("learner_id", "lesson", "step", name=op.f("pk_lesson_steps")),
    )


def downgrade() -> None:
    """Drop the lesson tables."""
    op.drop_table("lesson_steps")
    op.drop_table("lesson_progress")
    op.drop_table("lesson_learners")
