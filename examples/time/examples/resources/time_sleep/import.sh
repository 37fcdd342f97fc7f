# CREATE_DURATION,DESTROY_DURATION; one of them may be empty.
terraform import time_sleep.settle 30s,10s
