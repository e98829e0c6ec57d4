"""Draw engines: plain Python in, plain Python out, no database and no Django.

See ``README.md`` in this folder for the API the services layer calls.
"""
