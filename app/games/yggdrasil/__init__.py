"""Yggdrasil at the table: the provinces around the World Tree with their villages, fjords
and figures, the clans' sheets and the Glory track (scene, presenter), and the mat the
draft, the kept card and a battle's cards are laid on."""
