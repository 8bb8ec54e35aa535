"""Classes: a practice deal or a position question as a class's activity, and each student's hand.

Revision ID: classes_0002
Revises: scoresheet_0003
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "classes_0002"
down_revision = "scoresheet_0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the deal (number, seat, computer level), the question's position and goal, the students' hands."""
    with op.batch_alter_table("class_room") as table:
        table.add_column(sa.Column("deal_seed", sa.BigInteger(), nullable=True))
        table.add_column(sa.Column("deal_seat", sa.Integer(), nullable=True))
        table.add_column(sa.Column("deal_level", sa.String(length=16), nullable=True))
        table.add_column(sa.Column("position", sa.Text(), nullable=True))
        table.add_column(sa.Column("goal", sa.String(length=16), nullable=True))
    with op.batch_alter_table("class_answer") as table:
        table.add_column(sa.Column("game", sa.Text(), nullable=True))


def downgrade() -> None:
    """Drop them again."""
    with op.batch_alter_table("class_answer") as table:
        table.drop_column("game")
    with op.batch_alter_table("class_room") as table:
        table.drop_column("goal")
        table.drop_column("position")
        table.drop_column("deal_level")
        table.drop_column("deal_seat")
        table.drop_column("deal_seed")
