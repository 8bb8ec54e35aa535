"""Lieutenant Skat's message to the other player is the sender's seat's, as at every table.

An existing message moves from ``lieutenant_series`` into the seat that sent it (the host's,
seat 0, when no sender was kept), cut to a seat message's 80 characters; the series loses its
two message columns.

Revision ID: lieutenant_0002
Revises: tables_0003
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

revision = "lieutenant_0002"
down_revision = "tables_0003"
branch_labels = None
depends_on = None

SEAT_MESSAGE_LENGTH = 80


def upgrade() -> None:
    """Copy each series' message into its sender's seat, then drop the series' message columns."""
    connection = op.get_bind()
    sent = connection.execute(sa.text(
        "SELECT table_id, COALESCE(message_from, 0), message FROM lieutenant_series WHERE message <> ''"
    )).all()
    for table_id, seat, message in sent:
        connection.execute(sa.text(
            "UPDATE game_seat SET message = :message WHERE table_id = :table_id AND number = :seat"
        ), {"message": message[:SEAT_MESSAGE_LENGTH], "table_id": table_id, "seat": seat})
    with op.batch_alter_table("lieutenant_series") as batch:
        batch.drop_column("message_from")
        batch.drop_column("message")


def downgrade() -> None:
    """Give the series its message columns back, with the message of the first seat that has one."""
    with op.batch_alter_table("lieutenant_series") as batch:
        batch.add_column(sa.Column("message", sa.String(length=200), nullable=False, server_default=""))
        batch.add_column(sa.Column("message_from", sa.Integer(), nullable=True))
    connection = op.get_bind()
    said = connection.execute(sa.text(
        "SELECT game_seat.table_id, game_seat.number, game_seat.message FROM game_seat"
        " JOIN lieutenant_series ON lieutenant_series.table_id = game_seat.table_id"
        " WHERE game_seat.message <> '' ORDER BY game_seat.table_id, game_seat.number"
    )).all()
    kept: set[str] = set()
    for table_id, seat, message in said:
        if table_id not in kept:
            kept.add(table_id)
            connection.execute(sa.text(
                "UPDATE lieutenant_series SET message = :message, message_from = :seat WHERE table_id = :table_id"
            ), {"message": message, "seat": seat, "table_id": table_id})
