/** What other modules may use of the design module: publish a changed document, the shop's copy in the design, and who follows it. */
export { publishDesign } from './publish';
export { mirrorConfigure, readDocument } from './service';
export { syncSelection, withSelection } from './selection';
export { dropUnreadableReaders, leaveDesignRooms } from './readers';
export { broadcastPresence, leavePresence } from './presence';
