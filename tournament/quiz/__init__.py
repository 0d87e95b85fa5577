"""The knowledge test run by the service (issue 14; docs/rules/303.md "Tournament rules from the sheet").

A small Django app (label ``quiz``) inside the tournament package, with its own tables and
migrations: the organiser's question bank (:mod:`.bank`), the quiz of a round and each
player's one timed attempt (:mod:`.attempts`), who sees what when (:mod:`.access`). The score
itself is the tournament event ``KnowledgeTestScoreRecorded`` the ``polish`` scheme reads,
written through ``tournament.services.record_knowledge_test``; these tables hold the questions
and answers behind it, which are not tournament events (they stay hidden until the round ends).
"""
