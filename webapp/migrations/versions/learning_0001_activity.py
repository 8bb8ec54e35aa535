"""Learning: the days on which a learner was active (for the streak).

Revision ID: learning_0001
Revises: classes_0001
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "learning_0001"
down_revision = "classes_0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the activity table."""
    op.create_table(
        "learning_activity",
        sa.Column("learner_id", sa.String(length=43), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.ForeignKeyConstraint(
            ["learner_id"], ["lesson_learners.id"],
            name=op.f("fk_learning_activity_learner_id_lesson_learners"), ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("learner_id", "day", "kind", name=op.f("pk_learning_activity")),
    )


def downgrade() -> None:
    """Drop the activity table."""
    op.drop_table("learning_activity")
