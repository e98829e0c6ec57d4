"""What Django's debug page and error reports may show of the settings and the request's environment.

Django hides names with KEY, SECRET, PASS, TOKEN and the like; our service addresses carry passwords inside URLs
(REDIS_URL, DATABASE_URL, CELERY_BROKER_URL, the cache's LOCATION), so those names are hidden too.
"""

import re

from django.views.debug import SafeExceptionReporterFilter


class HiddenSettingsFilter(SafeExceptionReporterFilter):
    hidden_settings = re.compile(
        "API|TOKEN|KEY|SECRET|PASS|SIGNATURE|HTTP_COOKIE|URL|BROKER|CACHES|LOCATION|DSN", flags=re.IGNORECASE
    )
