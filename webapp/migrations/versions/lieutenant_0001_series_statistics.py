"""Lieutenant Skat: each table's series, and all-time statistics per player name.

Revision ID: lieutenant_0001
Revises: tables_0002
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "lieutenant_0001"
down_revision = "tables_0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the series of Lieutenant Skat tables and the statistics."""
    op.create_table(
        "lieutenant_series",
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("starting", sa.String(length=16), nullable=False),
        sa.Column("deal", sa.String(length=80), nullable=True),
        sa.Column("message", sa.String(length=200), nullable=False),
        sa.Column("message_from", sa.Integer(), nullable=True),
        sa.Column("results", sa.Text(), nullable=False),
        sa.Column("owner", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["game_table.id"],
                                name=op.f("fk_lieutenant_series_table_id_game_table"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id", name=op.f("pk_lieutenant_series")),
    )
    op.create_table(
        "lieutenant_stat",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("owner", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("played", sa.Integer(), nullable=False),
        sa.Column("won", sa.Integer(), nullable=False),
        sa.Column("drawn", sa.Integer(), nullable=False),
        sa.Column("game_points", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lieutenant_stat")),
        sa.UniqueConstraint("owner", "name", name=op.f("uq_lieutenant_stat_owner")),
    )
    op.create_index(op.f("ix_lieutenant_stat_owner"), "lieutenant_stat", ["owner"])
    op.create_index(op.f("ix_lieutenant_stat_updated_at"), "lieutenant_stat", ["updated_at"])


def downgrade() -> None:
    """Drop them."""
    op.drop_index(op.f("ix_lieutenant_stat_updated_at"), table_name="lieutenant_stat")
    op.drop_index(op.f("ix_lieutenant_stat_owner"), table_name="lieutenant_stat")
    op.drop_table("lieutenant_stat")
    op.drop_table("lieutenant_series")
