"""Draw engines: plain Python in, plain Python out, no database and no Django beyond its translation functions
(the messages of a DrawError are marked for translation).

See ``README.md`` in this folder for the API the services layer calls.
"""
