"""The top floor: the demo tournaments (`manage.py load_demo`), built through every app's services, so it may
import any app."""
