"""Tables with people: hints the host allows, each seat's message, and a computer standing in.

Revision ID: tables_0002
Revises: tables_0001
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "tables_0002"
down_revision = "tables_0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the table's hints switch and each seat's message and stand-in."""
    with op.batch_alter_table("game_table") as batch:
        batch.add_column(sa.Column("hints", sa.Boolean(), nullable=False, server_default=sa.false()))
    with op.batch_alter_table("game_seat") as batch:
        batch.add_column(sa.Column("message", sa.String(length=80), nullable=False, server_default=""))
        batch.add_column(sa.Column("standin", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    """Drop them again."""
    with op.batch_alter_table("game_seat") as batch:
        batch.drop_column("standin")
        batch.drop_column("message")
    with op.batch_alter_table("game_table") as batch:
        batch.drop_column("hints")
