# The import ID is the RFC 3339 timestamp.
terraform import time_static.created 2026-01-15T10:00:00Z
