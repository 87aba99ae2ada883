/**
 * The site's icon (favicon and header mark): three bars on a dark block, in the cards' Java
 * blue, the play-time green and Bedrock pink. Embedded, like the stylesheet.
 */
export const SITE_ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#161b22"/><rect x="6" y="15" width="5" height="11" rx="1.5" fill="#2f81f7"/><rect x="13.5" y="7" width="5" height="19" rx="1.5" fill="#3fb950"/><rect x="21" y="11" width="5" height="15" rx="1.5" fill="#f472b6"/></svg>';
