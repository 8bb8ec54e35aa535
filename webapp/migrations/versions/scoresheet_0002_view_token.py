"""Scoresheets: a view token per list, the key of its read-only link.

Every existing list gets a fresh one, so that its keepers can share it for reading.

Revision ID: scoresheet_0002
Revises: practice_0001
Create Date: 2026-12-01
"""

import secrets

import sqlalchemy as sa
from alembic import op

revision = "scoresheet_0002"
down_revision = "practice_0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the view token, give every list one, then require it and keep it unique."""
    with op.batch_alter_table("scoresheet_lists") as batch:
        batch.add_column(sa.Column("view_token", sa.String(length=43), nullable=True))
    lists = sa.table("scoresheet_lists", sa.column("id", sa.Integer()), sa.column("view_token", sa.String()))
    connection = op.get_bind()
    ids = connection.execute(sa.select(lists.c.id).where(lists.c.view_token.is_(None))).scalars().all()
    for list_id in ids:
        connection.execute(lists.update().where(lists.c.id == list_id)
                           .values(view_token=secrets.token_urlsafe(16)))
    with op.batch_alter_table("scoresheet_lists") as batch:
        batch.alter_column("view_token", existing_type=sa.String(length=43), nullable=False)
        batch.create_unique_constraint(op.f("uq_scoresheet_lists_view_token"), ["view_token"])


def downgrade() -> None:
    """Drop the view token (the read-only links stop working)."""
    with op.batch_alter_table("scoresheet_lists") as batch:
        batch.drop_constraint(op.f("uq_scoresheet_lists_view_token"), type_="unique")
        batch.drop_column("view_token")
