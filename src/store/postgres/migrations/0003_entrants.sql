-- Who entered which open tournament: a departure looks up the leaver's tournaments here
-- rather than reading every open one.
CREATE INDEX tournaments_entrants ON tournaments
    USING GIN (((record::jsonb) -> 'entrants') jsonb_path_ops) WHERE is_open;
