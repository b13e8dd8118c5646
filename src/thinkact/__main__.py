"""`python -m thinkact` is the `thinkact` command."""

import sys

from thinkact.cli import main

sys.exit(main())
