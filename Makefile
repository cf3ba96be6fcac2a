# Shortcuts for developers who have make; tasks.py does the real work (and is what the
# README tells users to run), so the two can never drift apart.
# Pass arguments with ARGS, e.g.  make run ARGS="--screenshot board.png"
#                                 make test ARGS="-k chess -x"

PYTHON ?= python3
ARGS ?=

.PHONY: run test setup lint clean distclean package check-installed

run:
	$(PYTHON) tasks.py run $(ARGS)

test:
	$(PYTHON) tasks.py test $(ARGS)

setup:
	$(PYTHON) tasks.py setup

lint:
	$(PYTHON) tasks.py lint $(ARGS)

# Linux downloads in dist/: the one-folder bundle, the .tar.gz and the .deb.
package:
	$(PYTHON) tasks.py package $(ARGS)

# Installs the .deb into a clean Debian root and runs it there (as root).
check-installed:
	$(PYTHON) tasks.py check-installed $(ARGS)

clean:
	$(PYTHON) tasks.py clean

# Also removes .venv; the next command rebuilds it from scratch.
distclean:
	$(PYTHON) tasks.py clean --all
