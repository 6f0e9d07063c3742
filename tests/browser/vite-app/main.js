// The Vite build's entry: the same page script as the plain page.
import '../page.js';
