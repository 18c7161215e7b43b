/* The demo host page's script. */
