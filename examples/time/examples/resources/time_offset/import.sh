# BASE_RFC3339,YEARS,MONTHS,DAYS,HOURS,MINUTES,SECONDS; leave unused offsets empty.
terraform import time_offset.expiry 2026-01-15T10:00:00Z,,,30,,,
