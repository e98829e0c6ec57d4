"""The event's prize rules on a page: the overall prizes, whether overall winners are left out of the categories,
and one fieldset per category (women, junior, veteran) ticked when the event awards it. The rules themselves are
checked once, by prizes.services.set_prizes."""

from django import forms
from django.utils.translation import gettext_lazy

from prizes.models import KIND_ORDER, PrizeCategory, ordered
from prizes.services import MAX_PRIZES, CategoryRule

AGE_LABELS = {
    PrizeCategory.Kind.JUNIOR: gettext_lazy("Under this age on the tournament's first day"),
    PrizeCategory.Kind.VETERAN: gettext_lazy("At least this age on the tournament's first day"),
}


class PrizeForm(forms.Form):
    overall_prizes = forms.IntegerField(
        label=gettext_lazy("Overall prizes"), min_value=0, max_value=MAX_PRIZES, initial=3
    )
    overall_winners_excluded = forms.BooleanField(
        label=gettext_lazy("Overall prize winners excluded from the categories (one prize per person)"),
        required=False,
    )

    def __init__(self, *args, event, **kwargs):
        existing = {category.kind: category for category in event.prize_categories.all()}
        initial = {"overall_prizes": event.overall_prizes, "overall_winners_excluded": event.overall_winners_excluded}
        for kind in KIND_ORDER:
            category = existing.get(kind)
            initial[f"{kind}_awarded"] = category is not None
            initial[f"{kind}_prizes"] = category.prizes if category else 3
            if category is not None:
                initial[f"{kind}_age_limit"] = category.age_limit
                initial[f"{kind}_born_on_or_after"] = category.born_on_or_after
        super().__init__(*args, initial=initial, **kwargs)
        for kind in KIND_ORDER:
            self.fields[f"{kind}_awarded"] = forms.BooleanField(label=gettext_lazy("Awarded"), required=False)
            self.fields[f"{kind}_prizes"] = forms.IntegerField(
                label=gettext_lazy("Number of prizes"), min_value=0, max_value=MAX_PRIZES, required=False
            )
            if kind in AGE_LABELS:
                self.fields[f"{kind}_age_limit"] = forms.IntegerField(
                    label=AGE_LABELS[kind], min_value=1, max_value=120, required=False
                )
            if kind == PrizeCategory.Kind.JUNIOR:
                self.fields[f"{kind}_born_on_or_after"] = forms.DateField(
                    label=gettext_lazy("Or: born on or after"),
                    required=False,
                    widget=forms.DateInput(attrs={"type": "date"}),
                )

    def fieldsets(self):
        """(title, [bound fields]) per category, for the template."""
        return [
            (PrizeCategory.Kind(kind).label, [self[name] for name in self.fields if name.startswith(f"{kind}_")])
            for kind in KIND_ORDER
        ]

    def rules(self):
        """The ticked categories as CategoryRule, for set_prizes."""
        data = self.cleaned_data
        rules = [
            CategoryRule(
                kind,
                3 if data.get(f"{kind}_prizes") is None else data[f"{kind}_prizes"],
                data.get(f"{kind}_age_limit"),
                data.get(f"{kind}_born_on_or_after"),
            )
            for kind in KIND_ORDER
            if data.get(f"{kind}_awarded")
        ]
        return ordered(rules)
