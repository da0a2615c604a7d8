import { GCProfiler, getHeapStatistics } from 'node:v8';

/**
 * Lets the benchmark ask a server process how many bytes it has allocated on V8's heap so far
 * (a message 'allocated' on the IPC channel, answered `{ allocated }`). Unlike CPU time, the
 * garbage a request leaves does not depend on how busy the machine is: the same build gives the
 * same figure from one run to the next. Counted from the collector's reports: what the heap held
 * before each collection, less what the previous one left.
 */
export function answerHeapAllocations() {
  if (!process.send) return;
  let allocated = 0;
  let left = getHeapStatistics().used_heap_size;
  let profiler = new GCProfiler();
  profiler.start();
  process.on('message', (message) => {
    if (message !== 'allocated') return;
    for (const collection of profiler.stop()?.statistics ?? []) {
      allocated += collection.beforeGC.heapStatistics.usedHeapSize - left;
      left = collection.afterGC.heapStatistics.usedHeapSize;
    }
    profiler = new GCProfiler();
    profiler.start();
    const used = getHeapStatistics().used_heap_size;
    process.send!({ allocated: allocated + used - left });
  });
  // the channel must not keep a server alive that is asked to stop
  process.channel?.unref();
}
