/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_PARALLEL_H
#define DISKALIAS_PARALLEL_H

#include <stddef.h>

#define PARALLEL_MAX_WORKERS 4

/*
 * How many workers n tasks are worth: one below PARALLEL_MIN tasks (a
 * thread costs more than it saves) or on one CPU, else a worker a CPU.
 */
#define PARALLEL_MIN 256
int parallel_workers(size_t n);

/*
 * Run fn(arg, i, worker) for every i in [0, n), on nworkers threads (the
 * caller's among them) that take the tasks in order, one at a time.
 * worker, in [0, nworkers), names the thread, for per-thread buffers.
 */
void parallel_run(size_t n, int nworkers,
		  void (*fn)(void *arg, size_t i, int worker), void *arg);

#endif
