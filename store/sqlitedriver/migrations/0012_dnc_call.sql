-- A do-not-call entry listed from a call's outcome names the call (its
-- agent leg's SID); NULL on entries listed through the API or an import.
ALTER TABLE dnc_entries ADD COLUMN call_sid text;
