"""Import every storage module so that the metadata knows all tables (for migrations)."""

import webapp.storage.calculator  # noqa: F401
import webapp.storage.gametables  # noqa: F401
import webapp.storage.learning  # noqa: F401
import webapp.storage.lessons  # noqa: F401
import webapp.storage.lieutenant  # noqa: F401
import webapp.storage.ratelimit  # noqa: F401
import webapp.storage.scoresheet  # noqa: F401
import webapp.storage.classes  # noqa: F401
import webapp.storage.seasons  # noqa: F401
import webapp.storage.review  # noqa: F401
import webapp.storage.daily  # noqa: F401
