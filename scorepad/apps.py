from django.apps import AppConfig


class ScorepadConfig(AppConfig):
    name = "scorepad"
    verbose_name = "Scorepad"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from scorepad.guards.access import on_login
        from scorepad.saved_rules import claim_session_sets

        # Games started before signing in become the user's (see guards/access.py).
        user_logged_in.connect(on_login, dispatch_uid="scorepad.claim_session_games")
        # And so do the sets of house rules saved in this browser (see saved_rules.py).
        user_logged_in.connect(claim_session_sets, dispatch_uid="scorepad.claim_session_sets")
