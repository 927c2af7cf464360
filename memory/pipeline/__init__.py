"""The construction pipeline (docs/design.md §4): L1 session -> L2 facts, chains and index.

- construction.py: construct a session (extract, validate, write through memory.actions,
  index) and drain a patient's queue in arrival order under the patient's lock;
- tasks.py: the Celery tasks that call it (task names are stable strings);
- reaper.py: find sessions a lost task left queued or extracting;
- waiting.py: wait for sessions to be constructed (the CLI's --wait), in-process when
  no worker is live;
- warmup.py: load the models a worker or web process needs once, at start.

Importing this package loads no Celery: only tasks.py does.
"""
