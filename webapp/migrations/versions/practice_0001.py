"""Practice hands.

Revision ID: practice_0001
Revises: 0002_areas
Create Date: 2026-11-30
"""

import sqlalchemy as sa
from alembic import op

revision = "practice_0001"
down_revision = "0002_areas"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the table of practice hands."""
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
        sa.PrimaryKeyConstraint("id", name=op.f("pk_practice_hand")),
    )


def downgrade() -> None:
    """Drop the table of practice hands."""
    op.drop_table("practice_hand")
