/** What other modules may use of the design module: publish a changed document, the shop's copy in the design, who follows it, and its default version (builds). */
export { publishDesign } from './publish';
export { mirrorConfigure, readDocument } from './service';
export { syncSelection, withSelection } from './selection';
export { dropUnreadableReaders, leaveDesignRooms } from './readers';
export { broadcastPresence, leavePresence } from './presence';
export { defaultVersionOf, versionNodes } from './sharing';
