"""The referee's desk in JSON: the conduct state of a match and the disciplinary record."""

from rest_framework import serializers

from matches.conduct.models import Concession

SIDE_CHOICES = ["a", "b"]


class WarningInSerializer(serializers.Serializer):
    player = serializers.IntegerField(help_text="Id of a player of the match.")
    note = serializers.CharField(required=False, allow_blank=True, max_length=500, default="")


class LossInSerializer(WarningInSerializer):
    clause = serializers.CharField(
        help_text="Key of the sub-clause in the rule set's conduct laws, e.g. 'distraction'."
    )


class ConcessionInSerializer(serializers.Serializer):
    side = serializers.ChoiceField(choices=SIDE_CHOICES)
    scope = serializers.ChoiceField(choices=Concession.Scope.values)


class BackInSerializer(serializers.Serializer):
    side = serializers.ChoiceField(choices=SIDE_CHOICES)


class ClauseSerializer(serializers.Serializer):
    key = serializers.CharField()
    law = serializers.CharField()
    label = serializers.CharField()
    offered = serializers.BooleanField()
    refusal = serializers.CharField(allow_null=True)


class PlayerStateSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    side = serializers.CharField()
    warnings = serializers.IntegerField()
    losses = ClauseSerializer(many=True)


class RestSerializer(serializers.Serializer):
    law = serializers.CharField()
    started_at = serializers.DateTimeField()
    ends_at = serializers.DateTimeField()
    running = serializers.BooleanField()
    back_a_at = serializers.DateTimeField(allow_null=True)
    back_b_at = serializers.DateTimeField(allow_null=True)
    outcome = serializers.CharField()


class LossSerializer(serializers.Serializer):
    side = serializers.CharField()
    player = serializers.IntegerField(allow_null=True)
    law = serializers.CharField()
    clause = serializers.CharField()


class ConductStateSerializer(serializers.Serializer):
    match = serializers.IntegerField()
    status = serializers.CharField()
    rule_set = serializers.CharField()
    players = PlayerStateSerializer(many=True)
    loss = LossSerializer(allow_null=True)
    rest = RestSerializer(allow_null=True)
    concession_law = serializers.CharField(allow_null=True)
    refusals = serializers.DictField(child=serializers.CharField())


def conduct_state(panel):
    """The conduct panel (conduct.selectors.match_panel) as ConductStateSerializer's data."""
    match, laws, rest, loss = panel["match"], panel["laws"], panel["rest"], panel["loss"]
    return {
        "match": match.pk,
        "status": match.status,
        "rule_set": match.stage.event.rule_set,
        "players": [
            {
                "player": row["player"].pk,
                "name": str(row["player"]),
                "side": row["side"],
                "warnings": row["warnings"],
                "losses": [
                    {
                        "key": item["clause"].key,
                        "law": item["clause"].law,
                        "label": str(item["clause"].label),
                        "offered": item["refusal"] is None,
                        "refusal": item["refusal"],
                    }
                    for item in row["losses"]
                ],
            }
            for row in panel["players"]
        ],
        "loss": loss and {"side": loss.side, "player": loss.player_id, "law": loss.law, "clause": loss.clause},
        "rest": rest
        and {
            "law": laws.rest_law,
            "started_at": rest.started_at,
            "ends_at": rest.ends_at,
            "running": panel["rest_running"],
            "back_a_at": rest.back_a_at,
            "back_b_at": rest.back_b_at,
            "outcome": rest.outcome,
        },
        "concession_law": laws.concession_law,
        "refusals": {key: value for key, value in panel["refusals"].items() if value},
    }


class RecordItemSerializer(serializers.Serializer):
    kind = serializers.CharField()
    at = serializers.DateTimeField()
    law = serializers.CharField()
    match = serializers.IntegerField(allow_null=True)
    note = serializers.CharField(allow_blank=True)


class RecordPersonSerializer(serializers.Serializer):
    name = serializers.CharField()
    items = RecordItemSerializer(many=True)


def record_data(people):
    """The disciplinary record (conduct.selectors.disciplinary_record) as RecordPersonSerializer's data."""
    return [
        {
            "name": person["name"],
            "items": [
                {"kind": kind, "at": row.at, "law": row.law, "match": row.match_id, "note": row.note}
                for kind in ("warnings", "losses", "reports")
                for row in person[kind]
            ],
        }
        for person in people
    ]
