"""Write the hall display's bell sounds (hall/static/hall/bell-*.wav) from hall.bell_sound."""

from pathlib import Path

from django.core.management.base import BaseCommand

from hall.bell_sound import bell_files

STATIC = Path(__file__).resolve().parents[2] / "static" / "hall"


class Command(BaseCommand):
    help = "Write the hall display's bell sounds (one, two and three strikes) into hall/static/hall/."

    def handle(self, *args, **options):
        STATIC.mkdir(parents=True, exist_ok=True)
        for name, data in bell_files().items():
            (STATIC / name).write_bytes(data)
            self.stdout.write(f"{STATIC / name}: {len(data)} bytes")
