from django.db import models


class Heartbeat(models.Model):
    """When a part of the service last showed that it works (core.heartbeat): beat sending the periodic tasks
    ("beat"), a worker finishing one on its queue ("worker:deadlines", "worker:news"), or `run_deadlines`, which
    stands in for both on a machine without Redis. In the database, so that every web server reads the same."""

    name = models.CharField(max_length=40, primary_key=True)
    at = models.DateTimeField()

    def __str__(self):
        return f"{self.name}: {self.at:%Y-%m-%d %H:%M:%S}"
