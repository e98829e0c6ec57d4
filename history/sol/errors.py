class SolFileError(Exception):
    """A file we cannot import, with the one message that says why."""
