// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The tool's name records in the journal: see name_record.h.
 */
#include "name_record.h"

const char *const name_event_words[NAME_EVENT_COUNT] = {
	[NAME_EVENT_ADD] = "add",
	[NAME_EVENT_CHANGE] = "change",
	[NAME_EVENT_REMOVE] = "remove",
	[NAME_EVENT_ALIAS_SET] = "alias-set",
	[NAME_EVENT_ALIAS_RELEASED] = "alias-released",
};
