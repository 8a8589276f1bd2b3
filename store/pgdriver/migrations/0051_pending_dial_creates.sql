-- The creates of a customer leg, counted by every process that works the
-- dial before it sends one: a process that takes up a dial another left
-- continues its budget of creates instead of starting its own.
ALTER TABLE pending_dials ADD COLUMN creates integer NOT NULL DEFAULT 0;
