"""The referee's board calculator page."""

from django.shortcuts import render

from rules.forms import BoardCalculatorForm


def calculator(request):
    """Score one board with a form; show the breakdown, or the form again with the law-naming errors."""
    form = BoardCalculatorForm(request.POST or None)
    result = form.result if request.method == "POST" and form.is_valid() else None
    return render(request, "rules/calculator.html", {"form": form, "result": result})
