export { askWorkflow } from './ask.js';
