// The service layer: what the API's routes and the dashboard's server components both call.
export * from './context';
export * as projects from './projects';
