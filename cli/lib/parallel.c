// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A small task pool.  Listing disks is bound by system calls on small
 * sysfs files, so on a machine with idle cores the work is shared by a
 * thread a core; every task writes its result to a slot of its own, so
 * what is printed does not depend on scheduling.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <unistd.h>

#include "parallel.h"

struct parallel {
	void (*fn)(void *arg, size_t i, int worker);
	void *arg;
	size_t n;
	atomic_size_t next;
};

struct parallel_worker {
	struct parallel *p;
	int id;
};

static void *parallel_loop(void *data)
{
	struct parallel_worker *w = data;
	size_t i;

	while ((i = atomic_fetch_add(&w->p->next, 1)) < w->p->n)
		w->p->fn(w->p->arg, i, w->id);
	return NULL;
}

int parallel_workers(size_t n)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	if (n < PARALLEL_MIN || cpus < 2)
		return 1;
	return cpus < PARALLEL_MAX_WORKERS ? (int)cpus : PARALLEL_MAX_WORKERS;
}

void parallel_run(size_t n, int nworkers,
		  void (*fn)(void *arg, size_t i, int worker), void *arg)
{
	struct parallel p = { .fn = fn, .arg = arg, .n = n };
	struct parallel_worker w[PARALLEL_MAX_WORKERS];
	pthread_t tid[PARALLEL_MAX_WORKERS];
	int started = 1, k;

	if (nworkers < 1)
		nworkers = 1;
	if (nworkers > PARALLEL_MAX_WORKERS)
		nworkers = PARALLEL_MAX_WORKERS;
	atomic_init(&p.next, 0);
	for (k = 0; k < nworkers; k++)
		w[k] = (struct parallel_worker){ &p, k };
	for (k = 1; k < nworkers; k++) {
		if (pthread_create(&tid[k], NULL, parallel_loop, &w[k]) != 0)
			break;	/* fewer threads is still correct */
		started++;
	}
	parallel_loop(&w[0]);
	for (k = 1; k < started; k++)
		pthread_join(tid[k], NULL);
}
