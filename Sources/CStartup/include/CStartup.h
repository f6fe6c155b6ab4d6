// CStartup has no API: it is linked into eplint for ArgumentVector.c's start-up work.
