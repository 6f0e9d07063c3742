// The Edge function of the edge-runtime test: the two families, on the runtime's fetch event.
import { familyRoutes, handler } from './worker.js';

const handle = handler(familyRoutes);
addEventListener('fetch', (event) => event.respondWith(handle(event.request)));
