"""The scoring drills' streaks per anonymous visitor.

Revision ID: calculator_0001
Revises: 0001_base
Create Date: 2026-11-30
"""

import sqlalchemy as sa
from alembic import op

revision = "calculator_0001"
down_revision = "0001_base"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the table of drill streaks."""
    op.create_table(
        "calculator_drill_streak",
        sa.Column("visitor", sa.String(length=64), nullable=False),
        sa.Column("streak", sa.Integer(), nullable=False),
        sa.Column("best", sa.Integer(), nullable=False),
        sa.Column("last_exercise", sa.String(length=32), nullable=False),
        sa.Column("used", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("visitor", name=op.f("pk_calculator_drill_streak")),
    )


def downgrade() -> None:
    """Drop the table of drill streaks."""
    op.drop_table("calculator_drill_streak")
