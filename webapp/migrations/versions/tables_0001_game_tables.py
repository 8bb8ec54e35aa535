"""Tables with people: the tables and their seats.

Revision ID: tables_0001
Revises: data_0001
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "tables_0001"
down_revision = "data_0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the tables of game tables and their seats."""
    op.create_table(
        "game_table",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("family", sa.String(length=16), nullable=False),
        sa.Column("preset", sa.String(length=16), nullable=False),
        sa.Column("level", sa.String(length=16), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("game", sa.Text(), nullable=True),
        sa.Column("list_token", sa.String(length=43), nullable=True),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("form_token", sa.String(length=22), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_table")),
        sa.UniqueConstraint("form_token", name=op.f("uq_game_table_form_token")),
    )
    op.create_index(op.f("ix_game_table_updated_at"), "game_table", ["updated_at"])
    op.create_table(
        "game_seat",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("computer", sa.Boolean(), nullable=False),
        sa.Column("secret_hash", sa.String(length=64), nullable=True),
        sa.Column("join_token", sa.String(length=32), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["game_table.id"], name=op.f("fk_game_seat_table_id_game_table"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_seat")),
        sa.UniqueConstraint("join_token", name=op.f("uq_game_seat_join_token")),
    )
    op.create_index(op.f("ix_game_seat_table_id"), "game_seat", ["table_id"])


def downgrade() -> None:
    """Drop the game tables and their seats."""
    op.drop_index(op.f("ix_game_seat_table_id"), table_name="game_seat")
    op.drop_table("game_seat")
    op.drop_index(op.f("ix_game_table_updated_at"), table_name="game_table")
    op.drop_table("game_table")
