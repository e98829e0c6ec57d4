from django.apps import AppConfig


class StagesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "stages"

    def ready(self):
        from core.page_cache import parts, pieces, watch
        from stages import entry_changes
        from stages import models as m
        from stages.drawn_stages import answer_drawn_stages
        from stages.player_data import answer_player_data
        from tournaments.signals import drawn_stages_asked, entry_withdrawn, player_data_asked

        entry_withdrawn.connect(entry_changes.follow_withdrawal, dispatch_uid="stages.follow_withdrawal")
        drawn_stages_asked.connect(answer_drawn_stages, dispatch_uid="stages.drawn_stages")
        player_data_asked.connect(answer_player_data, dispatch_uid="stages.player_data")

        # A stage page shows its own stage, and a knockout the group places of its source's entries.
        parts(m.Stage, "event__tournament", shows="source")
        watch(m.Stage, "event__tournament")
        watch(m.Group, "stage__event__tournament", part="stage")
        watch(m.GroupMember, "group__stage__event__tournament", part="group__stage")
        # A round's matches are read whole by its stamp (stages.loading.kept_stage_rows): a result replaces it.
        pieces(m.Round, "stage", "stage__event__tournament")
        watch(m.Round, "stage__event__tournament", part="stage", piece="pk")
        watch(m.Match, "stage__event__tournament", part="stage", piece="round", noted="pk")
