from bela.cli import main

raise SystemExit(main())
