/* The chat embed's script. */
