# Shortcuts for developers who have make; tasks.py does the real work (and is what the
# README tells users to run), so the two can never drift apart.
# Pass arguments with ARGS, e.g.  make run ARGS="--screenshot board.png"
#                                 make test ARGS="-k chess -x"

PYTHON ?= python3
ARGS ?=

.PHONY: run test setup lint clean distclean

run:
	$(PYTHON) tasks.py run $(ARGS)

test:
	$(PYTHON) tasks.py test $(ARGS)

setup:
	$(PYTHON) tasks.py setup

lint:
	$(PYTHON) tasks.py lint $(ARGS)

clean:
	$(PYTHON) tasks.py clean

# Also removes .venv; the next command rebuilds it from scratch.
distclean:
	$(PYTHON) tasks.py clean --all
