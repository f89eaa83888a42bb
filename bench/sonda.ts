// A probe loaded into the server by bench/resistencia.ts with `node --import ./bench/sonda.ts
// server/src/main.ts`: no production endpoint. When the parent (which spawned the server with an
// IPC channel) sends «muestra», it answers with the process's memory and the event loop's delay
// since the previous sample (perf_hooks.monitorEventLoopDelay), then starts a new window.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();

if (process.send) {
  process.on('message', (message: { tipo?: string }) => {
    if (message?.tipo !== 'muestra') return;
    const memory = process.memoryUsage();
    process.send?.({
      tipo: 'muestra',
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      // What V8 reserved for its heap, and memory outside it (Buffers): an RSS step in one of them says where it came from.
      heapTotal: memory.heapTotal,
      external: memory.external,
      // Nanoseconds to milliseconds; with no sample yet the histogram reports 0.
      p99: delay.percentile(99) / 1e6,
      max: delay.max / 1e6,
    });
    delay.reset();
  });
  // The channel must not keep a server that is shutting down alive.
  process.channel?.unref();
}
